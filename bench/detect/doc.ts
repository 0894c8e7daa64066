/** A labelled document of bench/detect: its text and the spans of the values planted in it. */
export interface Span {
  start: number;
  end: number;
  type: string;
}
export interface Doc {
  kind: string;
  text: string;
  spans: Span[];
}

/** Builds a document's text from parts, recording the span of each value planted. */
export class TextBuilder {
  text = "";
  spans: Span[] = [];
  add(s: string): this {
    this.text += s;
    return this;
  }
  /** Plants `v`, a value of `type` as the text writes it, and records its span. */
  plant(type: string, v: string): this {
    this.spans.push({ start: this.text.length, end: this.text.length + v.length, type });
    this.text += v;
    return this;
  }
}
