/**
 * The Kubernetes manifests in infra/k8s/ cannot be applied here (no cluster), so they are checked
 * offline against the Kubernetes JSON schemas with the PyPI validator `kubernetes-validate`
 * (strict: unknown fields fail), installed into a venv under $FILESCAN_HOME on first use.
 * `npm run test:k8s`.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { repoRoot, stateDir } from "@filescan/config";
import { HEALTH_PORTS } from "@filescan/kafka";

const VALIDATOR = "kubernetes-validate==1.37.0";
const K8S_VERSION = "1.37.0";
const dir = path.join(repoRoot(), "infra", "k8s");

function validator(): string {
  const venv = path.join(stateDir(), "venv-k8s");
  const bin = path.join(venv, "bin", "kubernetes-validate");
  if (existsSync(bin)) return bin;
  const mk = spawnSync("python3", ["-m", "venv", venv], { encoding: "utf8" });
  if (mk.status !== 0) throw new Error(`python3 -m venv failed (apt-get install python3-venv): ${mk.stderr}`);
  const pip = spawnSync(path.join(venv, "bin", "pip"), ["install", "--quiet", VALIDATOR], { encoding: "utf8" });
  if (pip.status !== 0) throw new Error(`pip install ${VALIDATOR} failed: ${pip.stderr}`);
  return bin;
}

const validate = (files: string[]) => spawnSync(validator(), ["--strict", "-k", K8S_VERSION, ...files], { encoding: "utf8" });

describe("Kubernetes manifests (infra/k8s, validated offline)", function () {
  this.timeout(180_000);
  const kustomization = parseAllDocuments(readFileSync(path.join(dir, "kustomization.yaml"), "utf8"))[0]!.toJS() as { resources: string[]; namespace: string };
  const docs = kustomization.resources.flatMap((f) => parseAllDocuments(readFileSync(path.join(dir, f), "utf8")).map((d) => ({ file: f, doc: d.toJS() as Record<string, any> })));

  it("lists every manifest in the folder in kustomization.yaml, and only existing ones", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml").sort();
    assert.deepEqual([...kustomization.resources].sort(), files);
  });

  it("passes strict schema validation for Kubernetes " + K8S_VERSION, () => {
    const r = validate(kustomization.resources.map((f) => path.join(dir, f)));
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal((r.stdout.match(/ passed for resource /g) ?? []).length, docs.length, r.stdout);
  });

  it("the validator rejects a broken manifest (so the check above means something)", () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), "k8s-"));
    try {
      const api = parseAllDocuments(readFileSync(path.join(dir, "api.yaml"), "utf8"))[0]!.toJS() as Record<string, any>;
      api.spec.template.spec.containers[0].livenessProbe.httpGet.prot = "http"; // misspelt field: strict mode must fail
      writeFileSync(path.join(tmp, "bad.json"), JSON.stringify(api));
      const r = validate([path.join(tmp, "bad.json")]);
      assert.notEqual(r.status, 0, r.stdout);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("probes every app (all serve HTTP) on its health endpoints, sets resources and runs as non-root", () => {
    for (const { file, doc } of docs.filter((d) => d.doc.kind === "Deployment" || d.doc.kind === "Job")) {
      const pod = doc.spec.template.spec;
      assert.equal(pod.securityContext.runAsNonRoot, true, file);
      for (const c of pod.containers) {
        assert.ok(c.resources?.requests?.cpu && c.resources?.requests?.memory, `${file}: requests`);
        if (doc.kind === "Deployment") assert.ok(c.ports?.length, `${file}: a Deployment's app serves HTTP, so it has a port and probes`);
        if (c.ports?.length) {
          assert.equal(c.livenessProbe.httpGet.path, "/healthz", `${file}: liveness`);
          assert.ok(["/healthz", "/readyz"].includes(c.readinessProbe.httpGet.path), `${file}: readiness`);
        }
      }
    }
  });

  it("probes the stream processors' health servers: /readyz (consumer joined) on their default ports", () => {
    for (const [name, port] of Object.entries(HEALTH_PORTS)) {
      const c = docs.find((d) => d.doc.kind === "Deployment" && d.doc.metadata.name === name)!.doc.spec.template.spec.containers[0];
      assert.deepEqual(c.ports, [{ name: "http", containerPort: port }], name);
      assert.equal(c.readinessProbe.httpGet.path, "/readyz", name);
      assert.equal(c.readinessProbe.httpGet.port, "http", name);
      assert.equal(c.livenessProbe.httpGet.port, "http", name);
    }
  });

  it("scales the classifier by an HPA, at most to the six partitions; secrets come from Secrets", () => {
    const hpa = docs.find((d) => d.doc.kind === "HorizontalPodAutoscaler")!.doc;
    assert.equal(hpa.spec.scaleTargetRef.name, "classifier");
    assert.equal(hpa.spec.maxReplicas, 6);
    const classifier = docs.find((d) => d.doc.kind === "Deployment" && d.doc.metadata.name === "classifier")!.doc;
    assert.equal(classifier.spec.replicas, undefined, "replicas belong to the HPA");
    const secrets = docs.filter((d) => d.doc.kind === "Secret").map((d) => d.doc.metadata.name);
    const config = docs.find((d) => d.doc.kind === "ConfigMap")!.doc;
    assert.ok(!Object.keys(config.data).some((k) => /SECRET|API_KEY|PASSWORD/.test(k)), "no secret in the ConfigMap");
    const api = docs.find((d) => d.doc.kind === "Deployment" && d.doc.metadata.name === "api")!.doc;
    assert.ok(api.spec.template.spec.containers[0].envFrom.some((e: any) => secrets.includes(e.secretRef?.name)), "the API reads its JWT key from a Secret");
  });
});
