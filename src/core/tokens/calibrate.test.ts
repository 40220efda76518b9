import { describe, expect, it } from 'vitest';
import { applyCalibration, calibrate } from './calibrate.ts';

describe('calibration from recorded usage', () => {
  it('recovers a provider that counts 1.2× the estimate plus a 20,000-token system prompt the input lacks', () => {
    // Recorded = 20,000 + 1.2 × computed, exactly: the fit must find both numbers.
    const samples = [1_000, 5_000, 12_000, 30_000].map((computed) => ({
      computed,
      recorded: 20_000 + 1.2 * computed,
    }));
    const fit = calibrate(samples);
    expect(fit?.ratio).toBeCloseTo(1.2, 10);
    expect(fit?.offset).toBe(20_000);
    expect(fit?.samples).toBe(4);
    expect(fit?.worstMiss).toBeCloseTo(0, 10);
    expect(fit && applyCalibration(fit, 50_000)).toBe(80_000);
    expect(fit?.basis).toMatch(/least-squares line through 4 requests/);
  });

  it('one recorded request gives the ratio of recorded to computed, with no offset', () => {
    const fit = calibrate([{ computed: 1_000, recorded: 1_180 }]);
    expect(fit).toMatchObject({ ratio: 1.18, offset: 0, samples: 1 });
    expect(fit && applyCalibration(fit, 2_000)).toBe(2_360);
  });

  it('contexts of one size, or a falling line, fall back to the ratio of the sums', () => {
    expect(
      calibrate([
        { computed: 100, recorded: 150 },
        { computed: 100, recorded: 130 },
        { computed: 100, recorded: 140 },
      ])?.ratio,
    ).toBeCloseTo(1.4, 10);
    const falling = calibrate([
      { computed: 100, recorded: 300 },
      { computed: 200, recorded: 200 },
      { computed: 300, recorded: 100 },
    ]);
    expect(falling?.offset).toBe(0);
    expect(falling?.ratio).toBeCloseTo(1, 10);
  });

  it('nothing recorded, nothing to calibrate', () => {
    expect(calibrate([])).toBeUndefined();
    expect(calibrate([{ computed: 0, recorded: 10 }])).toBeUndefined();
  });
});
