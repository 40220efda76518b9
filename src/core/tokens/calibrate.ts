/**
 * Calibration from recorded usage: where the provider recorded what each request's prompt cost,
 * fit recorded ≈ offset + ratio × computed over those requests. The ratio is how the provider's
 * tokenizer compares with the count here (Claude's, against its estimate); the offset is what the
 * provider counts that the input does not hold (a system prompt and tool definitions a transcript
 * leaves out). Applied to a computed figure, it gives the calibrated estimate.
 */
import { countText } from '../views/count-text.ts';
export interface Calibration {
  ratio: number;
  offset: number;
  /** Requests the fit rests on. */
  samples: number;
  /** The largest miss of the fit over those requests, as a share of what was recorded. */
  worstMiss: number;
  /** How it was fitted, in words. */
  basis: string;
}

export interface CalibrationSample {
  computed: number;
  recorded: number;
}

export function calibrate(samples: readonly CalibrationSample[]): Calibration | undefined {
  const usable = samples.filter((s) => s.computed > 0 && s.recorded > 0);
  if (usable.length === 0) return undefined;
  const n = usable.length;
  const meanX = usable.reduce((sum, s) => sum + s.computed, 0) / n;
  const meanY = usable.reduce((sum, s) => sum + s.recorded, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const s of usable) {
    sxx += (s.computed - meanX) ** 2;
    sxy += (s.computed - meanX) * (s.recorded - meanY);
  }
  // A line needs contexts of different sizes and a positive slope; else the ratio of the sums.
  const slope = sxx > 0 ? sxy / sxx : 0;
  const fitted = n >= 2 && slope > 0;
  const ratio = fitted ? slope : meanY / meanX;
  const offset = fitted ? meanY - slope * meanX : 0;
  const worstMiss = Math.max(
    ...usable.map((s) => Math.abs(offset + ratio * s.computed - s.recorded) / s.recorded),
  );
  return {
    ratio,
    offset: Math.round(offset),
    samples: n,
    worstMiss,
    basis: fitted
      ? `a least-squares line through ${n} requests' recorded prompts: ×${ratio.toFixed(3)} the computed count, plus ${countText(Math.round(offset))} tokens the input does not hold`
      : `the recorded prompt${n === 1 ? '' : 's'} of ${n} request${n === 1 ? '' : 's'} over the computed count${n === 1 ? '' : 's'}: ×${ratio.toFixed(3)}`,
  };
}

/** A computed figure as the calibration predicts the provider would record it. */
export function applyCalibration(calibration: Calibration, computed: number): number {
  return Math.max(0, Math.round(calibration.offset + calibration.ratio * computed));
}
