DROP TABLE IF EXISTS skill_versions, skills, message_file_snapshots, blob_guards, files CASCADE;
