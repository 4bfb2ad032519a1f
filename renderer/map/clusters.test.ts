import { describe, expect, it } from 'vitest';
import { gridClusters, type Marker } from './clusters.ts';

describe('gridClusters', () => {
  it('keeps a marker alone in its cell and groups the others with their count and worst severity', () => {
    const markers: Marker[] = [
      { x: 0.1, y: 0.1, severity: 'info' },
      { x: 0.2, y: 0.3, severity: 'error' },
      { x: 0.4, y: 0.2, severity: 'warning' },
      { x: 5.5, y: 5.5, severity: 'warning' },
    ];
    const { singles, clusters } = gridClusters(markers, 1);
    expect(singles).toEqual([markers[3]]);
    expect(clusters).toHaveLength(1);
    const [cluster] = clusters;
    expect(cluster?.count).toBe(3);
    expect(cluster?.worst).toBe('error');
    expect(cluster?.x).toBeCloseTo(0.7 / 3);
    expect(cluster?.y).toBeCloseTo(0.2);
    expect(cluster?.box).toEqual([0.1, 0.1, 0.4, 0.3]);
  });

  it('splits markers of neighbouring cells, negative coordinates included', () => {
    const markers: Marker[] = [
      { x: -0.5, y: -0.5, severity: 'warning' },
      { x: -0.2, y: -0.9, severity: 'warning' },
      { x: 0.5, y: -0.5, severity: 'info' },
      { x: 0.6, y: -0.6, severity: 'info' },
    ];
    const { singles, clusters } = gridClusters(markers, 1);
    expect(singles).toEqual([]);
    expect(clusters.map((c) => [c.count, c.worst])).toEqual([
      [2, 'warning'],
      [2, 'info'],
    ]);
  });

  it('counts every marker once, however many there are', () => {
    const markers: Marker[] = Array.from({ length: 3000 }, (_, i) => ({
      x: (i % 60) / 10,
      y: Math.floor(i / 60) / 10,
      severity: i % 7 === 0 ? 'error' : 'warning',
    }));
    const { singles, clusters } = gridClusters(markers, 1);
    expect(singles.length + clusters.reduce((n, c) => n + c.count, 0)).toBe(3000);
    expect(clusters).toHaveLength(30); // 6 columns × 5 rows of cells of 100 markers each
    expect(clusters.every((c) => c.count === 100 && c.worst === 'error')).toBe(true);
  });
});
