/** The version 5 experiment operations: find, and create only when none exists (find-before-create). */
import type { Experiment } from '../api-types.ts';
import { jsonReply, serviceError, type Reply } from '../reply.ts';
import { knownIdsText } from '../seeded-ids.ts';
import { v5Timestamp } from '../seed.ts';
import type { RequestContext } from '../service.ts';
import {
  checkTemporalIds,
  jsonBody,
  safetyNet,
  sameId,
  stringField,
  temporalEntityOf,
  validateV5,
} from './v5-common.ts';

export function findExperiments(ctx: RequestContext): Reply {
  const invalid = validateV5(ctx, 'The find request');
  if (invalid) return invalid;
  const experimentEnrollmentId = ctx.query.get('experimentEnrollmentId');
  if (!experimentEnrollmentId) return safetyNet('experimentEnrollmentId is missing');
  const results = [...ctx.service.state.experiments.values()].filter((e) =>
    sameId(e.experimentEnrollmentId, experimentEnrollmentId),
  );
  return jsonReply(200, { results });
}

export function createExperiment(ctx: RequestContext): Reply {
  const invalid = validateV5(ctx, 'The experiment request');
  if (invalid) return invalid;
  const body = jsonBody(ctx);
  const temporalEntity = temporalEntityOf(body?.temporalEntity);
  const experimentEnrollmentId = body ? stringField(body, 'experimentEnrollmentId') : undefined;
  const name = body ? stringField(body, 'name') : undefined;
  if (!temporalEntity || !experimentEnrollmentId || name === undefined) {
    return safetyNet('The experiment request is not complete');
  }
  const issued = ctx.service.seed.experimentEnrollmentIds;
  if (!issued.some((e) => sameId(e.id, experimentEnrollmentId))) {
    return serviceError(
      400,
      'unknown-experiment-enrollment-id',
      `Unknown experimentEnrollmentId ${experimentEnrollmentId}: use an id the service operator gave to the partner; ${knownIdsText('experimentEnrollmentIds', issued)}`,
      { experimentEnrollmentId, known: issued.map((e) => e.id) },
    );
  }
  const existing = [...ctx.service.state.experiments.values()].find((e) =>
    sameId(e.experimentEnrollmentId, experimentEnrollmentId),
  );
  if (existing) {
    return serviceError(
      409,
      'experiment-exists',
      `An experiment exists already for experimentEnrollmentId ${experimentEnrollmentId}: ${existing.id}. Find it with GET /v5/experiments?experimentEnrollmentId=… and use its id.`,
      { experimentId: existing.id },
    );
  }
  const refused = checkTemporalIds(ctx, temporalEntity);
  if (refused) return refused;
  const at = v5Timestamp(ctx.now);
  const experiment: Experiment = {
    id: ctx.service.state.newId(),
    experimentEnrollmentId,
    name,
    experimentStatus: 'INITIATED',
    dataLegitimacy: 'LEGITIMATE',
    itemStatus: 'ACTIVE',
    temporalEntity,
    createdAt: at,
    updatedAt: at,
  };
  ctx.service.state.experiments.set(experiment.id, experiment);
  ctx.service.state.changed();
  return jsonReply(201, experiment);
}
