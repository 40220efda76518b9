/**
 * A token figure that shows what it is: an estimate reads "≈ 1,240" with a dotted underline, an
 * exact one is plain, and both say in a tooltip what they rest on. Used wherever a count appears.
 */
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
  const text = value.toLocaleString('en-US');
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
