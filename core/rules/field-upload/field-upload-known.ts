/** FieldWithBoundaryAndHierarchy, from the service interface. */
export const REQUIRED_FIELD_PROPERTIES = ['clientName', 'farmName', 'name', 'boundary'] as const;
const OPTIONAL_FIELD_PROPERTIES = ['acres', 'source'] as const;
export const FIELD_PROPERTIES = [...REQUIRED_FIELD_PROPERTIES, ...OPTIONAL_FIELD_PROPERTIES] as const;
