import { describe, expect, it } from 'vitest';
import { canonicalUuid, isUuid } from './uuid.ts';

describe('uuid', () => {
  it('accepts lower- and uppercase UUIDs', () => {
    expect(isUuid('3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('3F1C2A9E-8B7D-4C6E-9F00-1A2B3C4D5E6F')).toBe(true);
    expect(isUuid('3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6')).toBe(false);
    expect(isUuid('3f1c2a9e8b7d4c6e9f001a2b3c4d5e6f')).toBe(false);
  });

  it('canonicalises braces, URNs and missing hyphens, and refuses non-UUIDs', () => {
    expect(canonicalUuid('{3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f}')).toBe(
      '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f',
    );
    expect(canonicalUuid('urn:uuid:3F1C2A9E-8B7D-4C6E-9F00-1A2B3C4D5E6F')).toBe(
      '3F1C2A9E-8B7D-4C6E-9F00-1A2B3C4D5E6F',
    );
    expect(canonicalUuid('3f1c2a9e8b7d4c6e9f001a2b3c4d5e6f')).toBe('3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f');
    expect(canonicalUuid('field-17')).toBeUndefined();
  });
});
