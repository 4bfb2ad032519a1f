import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const labNameEmpty = defineRule({
  meta: {
    code: 'MSV005',
    name: 'lab-name-empty',
    group: 'modus-service',
    severity: 'error',
    messages: {
      empty: "LabName is empty; the service needs the laboratory's name",
    },
    docs: {
      what: 'Reports an empty (or blank) LabName.',
      why: 'The service shows and files results by laboratory; an empty name is refused.',
      example: '<LabName></LabName>',
      useInstead: '<LabName>A &amp; L Great Lakes Laboratories</LabName>',
    },
  },
});
