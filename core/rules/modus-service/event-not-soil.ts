import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const eventNotSoil = defineRule({
  meta: {
    code: 'MSV011',
    name: 'event-not-soil',
    group: 'modus-service',
    severity: 'error',
    messages: {
      submit:
        'This is a ModusSubmit (sample submission) document; the service takes lab results (ModusResult)',
      notSoil: 'The event holds {kind} samples; the service takes soil test results only',
      noSamples: 'The event has no soil samples',
    },
    docs: {
      what: 'Reports a file the soil endpoint cannot take: a ModusSubmit document, an event with plant, nematode, water or residue samples, or an event without soil samples.',
      why: 'POST /v2/soil/modus/result imports soil test results; anything else is refused ("XML contains no results" at ModusResult/Event/EventSamples/Soil/SoilSample).',
      example: '<EventSamples><Plant>…</Plant></EventSamples>',
      useInstead: 'a soil test result file',
    },
  },
});
