/**
 * The main thread's side of the validation worker: one promise per file, progress as a callback. The
 * report's pieces are collected here (appending chunks is cheap; no single message is big).
 */
import type {
  Diagnostic,
  FileResult,
  GeoJsonFeature,
  ReportedDiagnostic,
  Unreadable,
} from '../../core/index.ts';
import type {
  CheckOptions,
  FileHead,
  GridRecord,
  WorkerFile,
  WorkerMessage,
  WorkerRequest,
} from './worker-protocol.ts';

export interface Progress {
  bytes: number;
  totalBytes: number;
  records: number;
}

/** A CSV's header and first rows as read, before it is checked. */
export interface RowsPreview {
  header: string[];
  rows: string[][];
}

export interface CheckedFile {
  result?: FileResult;
  unreadable?: Unreadable;
  /** How many features the file has (the result holds at most MAX_SENT_FEATURES of them). */
  featureCount?: number;
  /** Every record (row) of the file, for the data grid. */
  records?: GridRecord[];
  /** The job that checked it: names its geometry for the checks across files (`acrossFiles`). */
  job?: number;
  cancelled: boolean;
}

/** What the checks across files found, and the jobs whose geometry the worker no longer had. */
export interface AcrossFiles {
  diagnostics: Diagnostic[];
  missing: number[];
}

interface Job {
  head?: FileHead;
  featureCount?: number;
  unreadable?: Unreadable;
  diagnostics: ReportedDiagnostic[];
  features: GeoJsonFeature[];
  records: GridRecord[];
  onProgress?: (p: Progress) => void;
  onPreview?: (p: RowsPreview) => void;
  resolve(value: CheckedFile): void;
  reject(error: Error): void;
}

export class ValidationWorker {
  private readonly worker: Worker;
  private readonly jobs = new Map<number, Job>();
  private readonly acrossJobs = new Map<
    number,
    { items: Diagnostic[]; resolve(value: AcrossFiles): void; reject(error: Error): void }
  >();
  private nextJob = 1;

  /** @param threads the threads the settings choose to check a big file with, asked at each check */
  constructor(private readonly threads: () => number | undefined = () => undefined) {
    this.worker = new Worker(new URL('./validate-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      for (const job of [...this.jobs.values(), ...this.acrossJobs.values()])
        job.reject(new Error(event.message || 'validation worker failed'));
      this.jobs.clear();
      this.acrossJobs.clear();
    };
  }

  validate(
    file: WorkerFile,
    options: CheckOptions | undefined,
    onProgress?: (p: Progress) => void,
    onPreview?: (p: RowsPreview) => void,
  ): { promise: Promise<CheckedFile>; cancel(): void } {
    return this.start(
      { type: 'validate', jobId: 0, file, ...(options ? { options } : {}) },
      onProgress,
      onPreview,
    );
  }

  /** The checks across the files checked by these jobs (each with the file's name, for messages). */
  acrossFiles(files: Array<{ job: number; name: string }>): Promise<AcrossFiles> {
    const jobId = this.nextJob++;
    const promise = new Promise<AcrossFiles>((resolve, reject) =>
      this.acrossJobs.set(jobId, { items: [], resolve, reject }),
    );
    this.worker.postMessage({ type: 'across', jobId, files } satisfies WorkerRequest);
    return promise;
  }

  private start(
    request: Extract<WorkerRequest, { type: 'validate' }>,
    onProgress?: (p: Progress) => void,
    onPreview?: (p: RowsPreview) => void,
  ): { promise: Promise<CheckedFile>; cancel(): void } {
    const jobId = this.nextJob++;
    const promise = new Promise<CheckedFile>((resolve, reject) => {
      this.jobs.set(jobId, {
        diagnostics: [],
        features: [],
        records: [],
        resolve,
        reject,
        ...(onProgress ? { onProgress } : {}),
        ...(onPreview ? { onPreview } : {}),
      });
    });
    const jobs = this.threads();
    // The bytes are copied (not transferred): the renderer keeps the file for fixes, undo and submit.
    this.worker.postMessage({ ...request, jobId, ...(jobs ? { jobs } : {}) } satisfies WorkerRequest);
    return {
      promise,
      cancel: () => this.worker.postMessage({ type: 'cancel', jobId } satisfies WorkerRequest),
    };
  }

  private receive(message: WorkerMessage): void {
    const across = this.acrossJobs.get(message.jobId);
    if (across) {
      if (message.type === 'across') for (const d of message.items) across.items.push(d);
      else if (message.type === 'across-done' || message.type === 'failed') {
        this.acrossJobs.delete(message.jobId);
        if (message.type === 'failed') across.reject(new Error(message.message));
        else across.resolve({ diagnostics: across.items, missing: message.missing });
      }
      return;
    }
    const job = this.jobs.get(message.jobId);
    if (!job) return;
    switch (message.type) {
      case 'progress':
        job.onProgress?.(message);
        break;
      case 'head':
        job.head = message.file;
        job.featureCount = message.featureCount;
        job.unreadable = message.unreadable;
        break;
      case 'diagnostics':
        for (const d of message.items) job.diagnostics.push(d);
        break;
      case 'features':
        for (const f of message.items) job.features.push(f);
        break;
      case 'preview':
        job.onPreview?.({ header: message.header, rows: message.rows });
        break;
      case 'records':
        for (const r of message.items) job.records.push(r);
        break;
      case 'failed':
        this.jobs.delete(message.jobId);
        job.reject(new Error(message.message));
        break;
      case 'done': {
        this.jobs.delete(message.jobId);
        const out: CheckedFile = { cancelled: message.cancelled, job: message.jobId };
        if (job.head) out.result = { ...job.head, diagnostics: job.diagnostics, features: job.features };
        if (job.unreadable) out.unreadable = job.unreadable;
        if (job.featureCount !== undefined) out.featureCount = job.featureCount;
        if (job.head) out.records = job.records;
        job.resolve(out);
        break;
      }
    }
  }
}
