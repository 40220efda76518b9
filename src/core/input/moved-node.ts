/**
 * A JSON tree node after an edit, moved by the edit's length change, whose children are made
 * only when something reads them. After a keystroke in one message of 10,000, every message
 * after it moves; the readers of a request ask those messages only for their own offset and
 * length (message-memo.ts), so copying their whole subtrees allocated ~12 MB a keystroke in the
 * input's and the payload's trees for nothing (a node allocation profile).
 */
import type { JsonNode } from './json-tree.ts';

export class MovedNode implements JsonNode {
  readonly type: JsonNode['type'];
  readonly offset: number;
  readonly length: number;
  readonly value: unknown;
  readonly colonOffset: number | undefined;
  /** A node that is not itself moved: moving a moved node again moves its source further. */
  readonly #source: JsonNode;
  /** How far this node lies from its source. */
  readonly #by: number;
  #children: JsonNode[] | undefined;

  constructor(node: JsonNode, by: number) {
    const moved = node instanceof MovedNode;
    this.#source = moved ? node.#source : node;
    this.#by = moved ? node.#by + by : by;
    const source = this.#source;
    this.type = source.type;
    this.offset = source.offset + this.#by;
    this.length = source.length;
    this.value = source.value;
    this.colonOffset = source.colonOffset === undefined ? undefined : source.colonOffset + this.#by;
  }

  /** The source's children, moved as this node is, made once on first read. */
  get children(): JsonNode[] | undefined {
    const children = this.#source.children;
    if (!children) return undefined;
    this.#children ??= children.map((child) => new MovedNode(child, this.#by));
    return this.#children;
  }
}
