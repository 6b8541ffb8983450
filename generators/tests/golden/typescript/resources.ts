// This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.

// Resource namespaces of the Mango API; the client extends `Resources`.

import type { PagePromise, RequestOptions, Stream, Transport } from "../core.js";
import type {
  Health,
  Note,
  NoteDeleted,
  NoteEvent,
  NotesContentUploadParams,
  NotesCreateParams,
  NotesEventsSendParams,
  NotesEventsSendResponse,
  NotesListParams,
} from "./types.js";

/** `client.system` */
export class System {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * Liveness.
   *
   * `GET /v1/health`
   */
  health(options?: RequestOptions): Promise<Health> {
    return this._transport.request<Health>({
      method: "GET",
      path: "/v1/health",
      options,
    });
  }
}

/** `client.notes.content` */
export class NotesContent {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * Download the note's bytes.
   *
   * `GET /v1/notes/{note_id}/content`
   */
  download(noteId: string, options?: RequestOptions): Promise<Response> {
    return this._transport.request({
      method: "GET",
      path: `/v1/notes/${encodeURIComponent(noteId)}/content`,
      binary: true,
      options,
    });
  }

  /**
   * Upload bytes for the note.
   *
   * `POST /v1/notes/{note_id}/content`
   */
  upload(noteId: string, params: NotesContentUploadParams, options?: RequestOptions): Promise<Note> {
    return this._transport.request<Note>({
      method: "POST",
      path: `/v1/notes/${encodeURIComponent(noteId)}/content`,
      body: params,
      multipart: true,
      options,
    });
  }
}

/** `client.notes.events` */
export class NotesEvents {
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
  }

  /**
   * Send events.
   *
   * `POST /v1/notes/{note_id}/events`
   */
  send(noteId: string, params: NotesEventsSendParams, options?: RequestOptions): Promise<NotesEventsSendResponse> {
    return this._transport.request<NotesEventsSendResponse>({
      method: "POST",
      path: `/v1/notes/${encodeURIComponent(noteId)}/events`,
      body: params,
      options,
    });
  }

  /**
   * Stream events (SSE).
   *
   * `GET /v1/notes/{note_id}/events/stream`
   */
  stream(noteId: string, options?: RequestOptions): Stream<NoteEvent> {
    return this._transport.request<NoteEvent>({
      method: "GET",
      path: `/v1/notes/${encodeURIComponent(noteId)}/events/stream`,
      stream: true,
      options,
    });
  }
}

/** `client.notes` */
export class Notes {
  readonly content: NotesContent;
  readonly events: NotesEvents;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.content = new NotesContent(transport);
    this.events = new NotesEvents(transport);
  }

  /**
   * List notes.
   *
   * `GET /v1/notes`
   */
  list(params?: NotesListParams, options?: RequestOptions): PagePromise<Note> {
    return this._transport.request<Note>({
      method: "GET",
      path: "/v1/notes",
      query: { limit: params?.limit, page: params?.page, "tags[]": params?.tags },
      paginated: true,
      options,
    });
  }

  /**
   * Create a note.
   *
   * `POST /v1/notes`
   */
  create(params: NotesCreateParams, options?: RequestOptions): Promise<Note> {
    return this._transport.request<Note>({
      method: "POST",
      path: "/v1/notes",
      body: params,
      options,
    });
  }

  /**
   * Get a note.
   *
   * `GET /v1/notes/{note_id}`
   */
  get(noteId: string, options?: RequestOptions): Promise<Note> {
    return this._transport.request<Note>({
      method: "GET",
      path: `/v1/notes/${encodeURIComponent(noteId)}`,
      options,
    });
  }

  /**
   * Delete a note.
   *
   * `DELETE /v1/notes/{note_id}`
   */
  delete(noteId: string, options?: RequestOptions): Promise<NoteDeleted> {
    return this._transport.request<NoteDeleted>({
      method: "DELETE",
      path: `/v1/notes/${encodeURIComponent(noteId)}`,
      options,
    });
  }
}

/** The root of every resource namespace. */
export class Resources {
  readonly system: System;
  readonly notes: Notes;
  protected readonly _transport: Transport;

  constructor(transport: Transport) {
    this._transport = transport;
    this.system = new System(transport);
    this.notes = new Notes(transport);
  }
}
