import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const eventTypeMismatch = defineRule({
  meta: {
    code: 'MSE012',
    name: 'event-type-mismatch',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      mismatch: 'EventType says {type}, but EventSamples holds {samples} {samples:sample|samples}',
    },
    docs: {
      what: 'Reports an event whose EventType (Soil, Plant, Nematode …) differs from the kind of samples in EventSamples.',
      why: 'Consumers route the event by its EventType; samples of another kind are then read with the wrong meaning or dropped.',
      example: '<EventType><Plant>…</Plant></EventType> … <EventSamples><Soil>',
      useInstead: '<EventType><Soil/></EventType>',
    },
  },
});
