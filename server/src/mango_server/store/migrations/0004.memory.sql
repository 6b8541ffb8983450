-- depends: 0003.files_skills
-- Memory Stores: Workspace-scoped stores of text memories addressed by path, with an immutable
-- (but redactable) version record of every change.

CREATE TABLE memory_stores (
    workspace_id  text NOT NULL REFERENCES workspaces(id),
    id            text NOT NULL,
    name          text NOT NULL,
    description   text,
    metadata      jsonb NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    archived_at   timestamptz,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX memory_stores_list ON memory_stores (workspace_id, created_at DESC, id DESC);

-- Live memories only: deleting a memory removes its row (its history stays in memory_versions),
-- so the unique index makes a path unique among the live memories of a store. Paths sort
-- bytewise (COLLATE "C") for stable listings and prefix scans.
CREATE TABLE memories (
    workspace_id        text NOT NULL,
    memory_store_id     text NOT NULL,
    id                  text NOT NULL,
    path                text COLLATE "C" NOT NULL CHECK (octet_length(path) BETWEEN 1 AND 1024),
    content             text NOT NULL CHECK (octet_length(content) <= 102400),
    content_sha256      text NOT NULL,
    content_size_bytes  integer NOT NULL,
    memory_version_id   text NOT NULL,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL,
    PRIMARY KEY (memory_store_id, id),
    UNIQUE (id),
    FOREIGN KEY (workspace_id, memory_store_id) REFERENCES memory_stores (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX memories_path ON memories (memory_store_id, path);

-- One row per change. created_by is {type: session_actor, session_id} or {type: api_actor, api_key_id}.
-- Redaction clears path, content, content_sha256 and content_size_bytes and sets redacted_at.
CREATE TABLE memory_versions (
    workspace_id        text NOT NULL,
    memory_store_id     text NOT NULL,
    id                  text NOT NULL,
    memory_id           text NOT NULL,
    operation           text NOT NULL CHECK (operation IN ('created', 'modified', 'deleted')),
    path                text COLLATE "C",
    content             text CHECK (octet_length(content) <= 102400),
    content_sha256      text,
    content_size_bytes  integer,
    created_by          jsonb,
    redacted_at         timestamptz,
    created_at          timestamptz NOT NULL,
    PRIMARY KEY (memory_store_id, id),
    UNIQUE (id),
    FOREIGN KEY (workspace_id, memory_store_id) REFERENCES memory_stores (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX memory_versions_list ON memory_versions (memory_store_id, created_at DESC, id DESC);
CREATE INDEX memory_versions_memory ON memory_versions (memory_id, created_at DESC, id DESC);
