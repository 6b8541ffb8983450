DROP TABLE IF EXISTS work_pollers, work CASCADE;
