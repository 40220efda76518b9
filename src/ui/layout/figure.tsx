/**
 * A token figure that shows what it is: an estimate reads "≈ 1,240" with a dotted underline, an
 * exact one is plain, and both say in a tooltip what they rest on. Used wherever a count appears.
 */
import { countText } from '../../core/views/count-text.ts';
export function Figure({
  value,
  exact,
  basis,
  testId,
}: {
  value: number;
  exact: boolean;
  basis: string;
  testId?: string;
}) {
  const text = countText(value);
  return (
    <span
      data-testid={testId}
      data-exact={exact ? 'true' : 'false'}
      title={`${exact ? 'Exact' : 'Estimate'}: ${basis}`}
      className={exact ? undefined : 'underline decoration-dotted decoration-amber-600 underline-offset-2'}
    >
      {exact ? text : `≈ ${text}`}
    </span>
  );
}
