DROP TABLE IF EXISTS memory_versions, memories, memory_stores CASCADE;
