-- depends: 0001.initial
-- Files, Skills, private document snapshots and object-storage guards.

-- Immutable Workspace Files; bytes live in object storage under object_key.
CREATE TABLE files (
    workspace_id  text NOT NULL REFERENCES workspaces(id),
    id            text NOT NULL,
    filename      text NOT NULL,
    mime_type     text NOT NULL,
    size_bytes    bigint NOT NULL,
    sha256        text NOT NULL,
    object_key    text NOT NULL,
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX files_list ON files (workspace_id, created_at DESC, id DESC);

-- One guard per object write or removal that is not finished. A write inserts its guard (state
-- uploading, leased to one process and renewed while it streams) before touching object storage;
-- publishing deletes the guard in the transaction that makes the object public. A removal
-- inserts a guard (state cleanup) in the transaction that makes the object unreachable. The
-- recovery pass claims guards whose lease expired and removes their objects. No foreign keys:
-- a guard outlives the metadata it was written for.
CREATE TABLE blob_guards (
    id                text PRIMARY KEY,
    workspace_id      text NOT NULL,
    object_key        text NOT NULL,
    state             text NOT NULL CHECK (state IN ('uploading', 'cleanup')),
    lease_owner       text NOT NULL,
    lease_expires_at  timestamptz NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blob_guards_expiry ON blob_guards (lease_expires_at);

-- Private admission snapshots of File document sources: the public event keeps the file_id;
-- the model context is built from this text, so deleting the File later changes no history.
CREATE TABLE message_file_snapshots (
    workspace_id  text NOT NULL,
    session_id    text NOT NULL,
    event_id      text NOT NULL REFERENCES session_events (id) ON DELETE CASCADE,
    block_index   integer NOT NULL,
    file_id       text NOT NULL,
    data          text NOT NULL,
    PRIMARY KEY (event_id, block_index)
);

-- Skills. deleted_at hides a Skill from its Workspace while Sessions still pin its versions.
CREATE TABLE skills (
    workspace_id    text NOT NULL REFERENCES workspaces(id),
    id              text NOT NULL,
    display_title   text,
    latest_version  integer NOT NULL,
    next_version    integer NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    deleted_at      timestamptz,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX skills_list ON skills (workspace_id, created_at DESC, id DESC);

-- Immutable Skill versions; version numbers are never reused within a Skill.
CREATE TABLE skill_versions (
    workspace_id         text NOT NULL,
    skill_id             text NOT NULL,
    version              integer NOT NULL,
    id                   text NOT NULL UNIQUE,
    name                 text NOT NULL,
    description          text NOT NULL,
    directory            text NOT NULL,
    archive_size_bytes   bigint NOT NULL,
    archive_sha256       text NOT NULL,
    expanded_size_bytes  bigint NOT NULL,
    member_count         integer NOT NULL,
    object_key           text NOT NULL,
    created_at           timestamptz NOT NULL,
    deleted_at           timestamptz,
    PRIMARY KEY (workspace_id, skill_id, version),
    FOREIGN KEY (workspace_id, skill_id) REFERENCES skills (workspace_id, id)
);
CREATE INDEX skill_versions_deleted ON skill_versions (deleted_at) WHERE deleted_at IS NOT NULL;
