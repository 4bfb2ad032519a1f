/**
 * Messages between the renderer and its validation worker. A report can be large (100,000 features), so
 * the worker sends it in pieces: the main thread then never spends long unpacking one message.
 */
import type {
  Diagnostic,
  FileResult,
  GeoJsonFeature,
  KindSettingValues,
  Report,
  ReportedDiagnostic,
  SubmitRecord,
} from '../../core/index.ts';

/** A file to check: its bytes (copied to the worker), or a dropped file the worker reads itself. */
export type WorkerFile = { name: string; bytes: Uint8Array } | { name: string; blob: Blob };

/** How a file is checked: its kind, when chosen, and its kind settings (a CSV mapping among them). */
export interface CheckOptions {
  kind?: string;
  settings?: KindSettingValues;
}

export type WorkerRequest =
  | {
      type: 'validate';
      jobId: number;
      file: WorkerFile;
      options?: CheckOptions;
      /**
       * Threads that check a big file's boundaries, and with 2 or more a big Modus file read on a thread
       * of its own (the settings' choice; 1: the validation worker alone); absent: one per core where there
       * are more than two.
       */
      jobs?: number;
    }
  | { type: 'cancel'; jobId: number }
  /**
   * The checks across files over files the worker checked (each by the job that checked it): the worker
   * keeps what they read of each file (not the page: 100,000 fields of geometry would cost the page a long
   * task to receive) and lets go of the geometry of jobs no longer named.
   */
  | { type: 'across'; jobId: number; files: Array<{ job: number; name: string }> };

/**
 * A record as the data grid shows it: its row, what a person calls it, its cells and its problems' ids
 * (not what it asks the service: submit prepares that in the host).
 */
export type GridRecord = Omit<SubmitRecord, 'action'>;

/** A file's result without its (possibly long) lists, which follow as chunks, and its batch geometry. */
export type FileHead = Omit<FileResult, 'diagnostics' | 'features' | 'text' | 'batchGeometry' | 'records'>;

export type WorkerMessage =
  | { type: 'progress'; jobId: number; bytes: number; totalBytes: number; records: number }
  | {
      type: 'head';
      jobId: number;
      file?: FileHead;
      /** Features the file has; at most MAX_SENT_FEATURES of them are sent (see there). */
      featureCount?: number;
      unreadable?: Report['unreadable'][number];
    }
  | { type: 'diagnostics'; jobId: number; items: ReportedDiagnostic[] }
  | { type: 'features'; jobId: number; items: GeoJsonFeature[] }
  | { type: 'records'; jobId: number; items: GridRecord[] }
  /** A CSV's header and first rows as read, before it is checked: the grid shows them at once. */
  | { type: 'preview'; jobId: number; header: string[]; rows: string[][] }
  | { type: 'done'; jobId: number; cancelled: boolean }
  | { type: 'failed'; jobId: number; message: string }
  /** Diagnostics of the checks across files, in chunks; `across-done` ends them. */
  | { type: 'across'; jobId: number; items: Diagnostic[] }
  /** `missing`: the jobs whose geometry the worker no longer has (their files need checking again). */
  | { type: 'across-done'; jobId: number; missing: number[] };

/**
 * Features sent to the page at most: the ones with problems first, then others. The map draws fewer than
 * this, and 100,000 features held by the page would cost it long garbage-collection pauses.
 */
export const MAX_SENT_FEATURES = 3000;

/** Rows of a CSV shown before it is checked, read from at most PREVIEW_BYTES of its start. */
export const PREVIEW_ROWS = 200;
export const PREVIEW_BYTES = 256 * 1024;

/** Items per chunk message: small enough that unpacking one stays far below a frame. */
export const CHUNK_ITEMS = 500;
