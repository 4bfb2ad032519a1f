import { acreageMismatch } from './acreage-mismatch.ts';
import { acreageNotPositive } from './acreage-not-positive.ts';

export const acreageRules = [acreageMismatch, acreageNotPositive] as const;
