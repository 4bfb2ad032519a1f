import { describe, expect, it } from 'vitest';
import { defaultJobs } from './default-jobs.ts';

describe('defaultJobs', () => {
  it('checks on one thread up to two cores, on one per core from three on', () => {
    expect([1, 2, 3, 4, 16].map(defaultJobs)).toEqual([1, 1, 3, 4, 16]);
  });

  it('takes one thread where the host cannot say how many cores it has', () => {
    expect([0, Number.NaN, -4].map(defaultJobs)).toEqual([1, 1, 1]);
  });
});
