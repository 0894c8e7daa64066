/** Kibana cannot run here: check the saved objects' structure against the index template instead. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { ANALYZER_VERSION } from "@filescan/contracts";

interface SavedObject {
  type: string;
  id: string;
  attributes: Record<string, any>;
  references: Array<{ name: string; type: string; id: string }>;
}

const root = repoRoot();
const objects: SavedObject[] = readFileSync(path.join(root, "infra", "kibana", "filescan.ndjson"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const template = JSON.parse(readFileSync(path.join(root, "schemas", "elasticsearch", "filescan-files.template.json"), "utf8"));

/** Every field path the mapping defines, with multi-fields (`full_path.keyword`). */
function fieldPaths(props: Record<string, any>, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const [name, def] of Object.entries(props)) {
    const p = prefix + name;
    out.add(p);
    if (def.properties) for (const sub of fieldPaths(def.properties, `${p}.`)) out.add(sub);
    if (def.fields) for (const f of Object.keys(def.fields)) out.add(`${p}.${f}`);
  }
  return out;
}
const fields = fieldPaths(template.template.mappings.properties);
const known = (f: string) => fields.has(f) || [...fields].some((x) => f.startsWith(`${x}.`) && ["extra", "findings.counts"].includes(x));

describe("infra/kibana saved objects", () => {
  it("are one valid saved object per line with unique ids", () => {
    assert.ok(objects.length >= 6);
    for (const o of objects) {
      assert.ok(["index-pattern", "search", "dashboard"].includes(o.type), o.type);
      assert.ok(o.id && o.attributes && Array.isArray(o.references));
    }
    assert.equal(new Set(objects.map((o) => `${o.type}:${o.id}`)).size, objects.length);
  });

  it("point the data view at the filescan-files alias with a mapped time field", () => {
    const dv = objects.filter((o) => o.type === "index-pattern");
    assert.equal(dv.length, 1);
    assert.equal(dv[0]!.attributes.title, "filescan-files");
    assert.equal(template.template.mappings.properties[dv[0]!.attributes.timeFieldName].type, "date");
  });

  it("resolve every reference to an object in the file", () => {
    const ids = new Set(objects.map((o) => `${o.type}:${o.id}`));
    for (const o of objects) for (const r of o.references) assert.ok(ids.has(`${r.type}:${r.id}`), `${o.id} → ${r.type}:${r.id}`);
    const dash = objects.find((o) => o.type === "dashboard")!;
    const panels = JSON.parse(dash.attributes.panelsJSON);
    assert.equal(panels.length, 4);
    for (const p of panels) assert.ok(dash.references.some((r) => r.name === p.panelRefName), p.panelRefName);
  });

  it("only show and query fields the index template maps", () => {
    const searches = objects.filter((o) => o.type === "search");
    assert.equal(searches.length, 5);
    for (const s of searches) {
      for (const c of s.attributes.columns) assert.ok(known(c), `${s.id}: column ${c} is not mapped`);
      const src = JSON.parse(s.attributes.kibanaSavedObjectMeta.searchSourceJSON);
      assert.equal(src.query.language, "kuery");
      // (a field before ":" or a range operator, "analysis.analyzer_version >= 1")
      for (const m of src.query.query.matchAll(/([a-z_][\w.]*)\s*(?::|[<>]=?)/gi)) assert.ok(known(m[1]), `${s.id}: query field ${m[1]} is not mapped`);
      assert.ok(s.references.some((r) => r.name === src.indexRefName));
    }
  });

  it("ask for analyses older than the current analyzer version (a bump of ANALYZER_VERSION fails here until the search follows)", () => {
    const older = objects.find((o) => o.id === "filescan-older-analyzer")!;
    const src = JSON.parse(older.attributes.kibanaSavedObjectMeta.searchSourceJSON);
    assert.equal(src.query.query, `analysed : true and not analysis.analyzer_version >= ${ANALYZER_VERSION}`);
    assert.match(older.attributes.description, new RegExp(`before ${ANALYZER_VERSION} `));
  });
});
