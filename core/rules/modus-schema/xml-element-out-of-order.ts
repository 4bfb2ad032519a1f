import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlElementOutOfOrder = defineRule({
  meta: {
    code: 'MOD016',
    name: 'xml-element-out-of-order',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      order: '<{name}> must come before <{after}> in <{parent}>',
    },
    docs: {
      what: 'Reports an element that is allowed in its parent but out of the order the schema imposes. Modus imposes order only in a few places: ModusResult (Events), Soil (DepthRefs, then RecommendationRefs, then samples), FMISProfile (Grower, Farm, Field, Sub-Field), URL and FileData (FileName first). Elsewhere (xs:all) any order is fine and is not reported.',
      why: 'Validators reject a sequence out of order, and streaming consumers may read DepthRefs only before the samples that use them.',
      example: '<Soil><SoilSample>…</SoilSample><DepthRefs>…</DepthRefs></Soil>',
      useInstead: '<Soil><DepthRefs>…</DepthRefs><SoilSample>…</SoilSample></Soil>',
    },
  },
});
