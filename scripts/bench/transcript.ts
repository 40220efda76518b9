/**
 * Realistic generated transcripts: prose of varied length, tool calls and their JSON results.
 * Words are common English words mixed with made-up ones built from syllables, so the text
 * tokenizes at about the speed of real prose instead of hitting the BPE cache on a tiny vocabulary.
 */
const common =
  'the of and to in is that for it as with was on be at by this have from or had not but what all were when we there can an your which their said if do will each about how up out them then she many some so these would other into has more her two like him see time could no make than first been its who now people my made over did down only way find use may water long little very after words called just where most know'.split(
    ' ',
  );
const syllables = [
  'ka',
  'lo',
  'mi',
  'tren',
  'dor',
  'vash',
  'el',
  'qui',
  'ston',
  'ber',
  'ra',
  'phon',
  'ix',
  'gal',
  'tu',
  'nem',
  'sor',
  'pli',
  'wed',
  'zan',
];

function random(seed: number): () => number {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function sentence(seed: number, length: number): string {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    if (next() < 0.6) out.push(common[Math.floor(next() * common.length)] ?? 'the');
    else
      out.push(
        Array.from(
          { length: 1 + Math.floor(next() * 3) },
          () => syllables[Math.floor(next() * syllables.length)],
        ).join(''),
      );
  }
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${next() < 0.2 ? '?' : '.'}`;
}

function paragraph(seed: number): string {
  const sentences = 3 + (seed % 7);
  return Array.from({ length: sentences }, (_, i) => sentence(seed + i, 8 + ((seed + i) % 13))).join(' ');
}

/** Written into the middle message so a benchmark can find a place to type inside a message. */
export const editMarker = 'EDIT-HERE';

/** An OpenAI Chat request body with `count` messages, about 500 characters each on average. */
export function openaiTranscript(count: number): string {
  const messages: unknown[] = [{ role: 'system', content: paragraph(1) }];
  for (let i = 1; messages.length < count; i++) {
    messages.push({ role: 'user', content: paragraph(i * 3) });
    if (messages.length >= count) break;
    if (i % 4 === 0 && messages.length + 2 < count) {
      const id = `call_${i}`;
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id,
            type: 'function',
            function: { name: 'search', arguments: JSON.stringify({ query: sentence(i, 6) }) },
          },
        ],
      });
      messages.push({
        role: 'tool',
        tool_call_id: id,
        content: JSON.stringify({ results: [paragraph(i * 5), paragraph(i * 7)] }),
      });
    }
    if (messages.length < count) messages.push({ role: 'assistant', content: paragraph(i * 11) });
  }
  const middle = messages[Math.floor(messages.length / 2)] as { content?: string | null };
  if (typeof middle.content === 'string') middle.content = `${middle.content} ${editMarker}`;
  else middle.content = editMarker;
  return JSON.stringify({ model: 'gpt-4o', messages }, null, 2);
}
