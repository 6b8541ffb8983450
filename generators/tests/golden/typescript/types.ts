// This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.

// Wire types of the Mango API.

import type { Uploadable } from "../core.js";

export interface Health {
  /** Always ok. */
  status: "ok";
}

export interface NoteCreate {
  /** The title. */
  title: string;
  /** Optional body. */
  body?: string | null;
  /** String pairs. */
  metadata?: Record<string, string>;
}

export interface Note {
  /** Always note. */
  type: "note";
  /** The id. */
  id: string;
  /** The title. */
  title: string;
  /** The body. */
  body?: string | null;
  /** Creation time. */
  created_at: string;
}

export interface NoteDeleted {
  /** Always note_deleted. */
  type: "note_deleted";
  /** The id. */
  id: string;
}

export interface NoteList {
  /** The notes. */
  data: Array<Note>;
  /** Cursor for the next page. */
  next_page: string | null;
}

export type NoteEvent = CommentEvent | LikeEvent;

export interface CommentEvent {
  /** Always comment. */
  type: "comment";
  /** Event id, set by the server. */
  id?: string;
  /** The comment. */
  text: string;
}

export interface LikeEvent {
  /** Always like. */
  type: "like";
  /** Event id, set by the server. */
  id?: string;
}

export interface ErrorEnvelope {
  /** Always error. */
  type: "error";
  error: {
    /** Stable error type. */
    type: string;
    /** What was wrong. */
    message: string;
  };
  /** The request id. */
  request_id: string;
}

/** Parameters of `notes.list`: query, header and body fields together. */
export interface NotesListParams {
  /** Page size. */
  limit?: number;
  /** Opaque cursor from a previous page. */
  page?: string;
  /** Only notes with one of these tags. */
  tags?: Array<string>;
}

/** Parameters of `notes.create`: query, header and body fields together. */
export type NotesCreateParams = NoteCreate;

/** Parameters of `notes.content.upload`: query, header and body fields together. */
export interface NotesContentUploadParams {
  /** The bytes. */
  file: Uploadable;
}

/** Parameters of `notes.events.send`: query, header and body fields together. */
export interface NotesEventsSendParams {
  /** Events to append. */
  events: Array<NoteEvent>;
}

/** The answer of `notes.events.send`. */
export interface NotesEventsSendResponse {
  /** The events with their ids. */
  data: Array<NoteEvent>;
}
