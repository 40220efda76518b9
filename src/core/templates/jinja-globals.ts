/** The functions apply_chat_template gives a template besides its variables, as Python answers them. */

export function range(start: number, stop?: number, step = 1): number[] {
  const [from, to] = stop === undefined ? [0, start] : [start, stop];
  const out: number[] = [];
  if (step > 0) for (let i = from; i < to; i += step) out.push(i);
  else if (step < 0) for (let i = from; i > to; i += step) out.push(i);
  return out;
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Python's strftime (C locale) on the pinned day, at midnight: the directives chat templates use. */
export function strftime(date: string, format: string): string {
  const [year = '1970', month = '01', day = '01'] = date.split('-');
  const name = months[Number(month) - 1] ?? '';
  return format.replace(/%[YmdbBHMSy%]/g, (token) => {
    switch (token) {
      case '%Y':
        return year;
      case '%y':
        return year.slice(-2);
      case '%m':
        return month;
      case '%d':
        return day;
      case '%b':
        return name.slice(0, 3);
      case '%B':
        return name;
      case '%H':
      case '%M':
      case '%S':
        return '00';
      default:
        return '%';
    }
  });
}
