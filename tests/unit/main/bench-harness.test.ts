import { describe, expect, it } from 'vitest';
import { line, percentile } from '../../bench/harness';

describe('bench harness', () => {
  it('prints the agreed line shape and flags a missed target without failing', () => {
    const bench = { metric: 'x.y_ms', unit: 'ms', target: { op: '<=' as const, value: 5 }, run: async () => 0 };
    expect(line(bench, 4.12345)).toEqual({ metric: 'x.y_ms', value: 4.123, unit: 'ms', target: '<= 5', ok: true });
    expect(line(bench, 6).ok).toBe(false);
    expect(line(bench, Number.NaN).ok).toBe(false);
    expect(line({ ...bench, target: null }, 123).target).toBe('report only');
  });

  it('reads a target that depends on another figure after the run, and fails when that figure is missing', () => {
    let reference = 50;
    const bench = { metric: 'x.z_ms', unit: 'ms', target: () => ({ op: '<=' as const, value: reference * 1.2 }), run: async () => 0 };
    expect(line(bench, 59.9)).toEqual({ metric: 'x.z_ms', value: 59.9, unit: 'ms', target: '<= 60', ok: true });
    expect(line(bench, 60.1).ok).toBe(false);
    reference = Number.NaN;
    expect(line(bench, 1)).toMatchObject({ target: '<= NaN', ok: false });
  });

  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});
