import { readFileSync } from 'node:fs';
import { DataFileError } from '../csv';

/** One object of a Django fixture, with the line its `"model"` key is on (for error messages). */
export interface FixtureObject {
  line: number;
  model: string;
  pk: unknown;
  fields: Record<string, unknown>;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** Reads a Django JSON fixture (an array of `{model, pk, fields}`), optionally keeping only some models. */
export function readDjangoFixture(file: string, models?: string[]): FixtureObject[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DataFileError(file, undefined, `cannot read file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    throw new DataFileError(file, position ? lineAt(text, Number(position[1])) : undefined, `invalid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new DataFileError(file, 1, 'a fixture must be a JSON array');
  // Each object has exactly one "model" key, so the n-th occurrence gives the n-th object's line.
  const modelLines: number[] = [];
  const pattern = /"model"\s*:/g;
  let line = 1;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    for (let i = last; i < m.index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    last = m.index;
    modelLines.push(line);
  }
  const objects: FixtureObject[] = [];
  parsed.forEach((item: unknown, i) => {
    const at = modelLines[i];
    const o = item as { model?: unknown; pk?: unknown; fields?: unknown };
    if (typeof o !== 'object' || o === null || typeof o.model !== 'string' || typeof o.fields !== 'object' || o.fields === null) {
      throw new DataFileError(file, at, `object ${i + 1} is not {model, pk, fields}`);
    }
    if (models && !models.includes(o.model)) return;
    objects.push({ line: at ?? 0, model: o.model, pk: o.pk, fields: o.fields as Record<string, unknown> });
  });
  return objects;
}
