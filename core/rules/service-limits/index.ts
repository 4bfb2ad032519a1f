import { areaTooLarge } from './area-too-large.ts';
import { tinyField } from './tiny-field.ts';
import { tooManyPoints } from './too-many-points.ts';

export const serviceLimitRules = [tooManyPoints, areaTooLarge, tinyField] as const;
