import assert from "node:assert/strict";
import { gpsPosition } from "./gps_position.ts";
import { run } from "../testing.ts";

/** The positions reported at the default minimum score (0.4), with the header given. */
const reported = (text: string, header = "") => run(gpsPosition, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("generic/gps_position", () => {
  it("reports a photo's GPS position under its property's name, and a fix beside a position word", () => {
    assert.deepEqual(reported("52.520008, -13.404954", "gps position"), ["52.520008, -13.404954"]);
    assert.deepEqual(reported("Last fix (lat/lon): -33.8688 151.2093 at 09:14"), ["-33.8688 151.2093"]);
    assert.deepEqual(reported("coordinates 40.712776,-74.005974"), ["40.712776,-74.005974"]);
    const [f] = run(gpsPosition, "52.520008, -13.404954", "gps position");
    assert.deepEqual([f!.validation, f!.score < 0.8], ["lat/lon range", true], "validated, but below the floor: a place alone names no one");
  });

  it("does not report a pair of decimals without a position word, nor one out of range, nor 0, 0", () => {
    assert.deepEqual(reported("ratio 52.520008, 13.404954"), []);
    assert.deepEqual(reported("latitude 95.123456, 13.404954; gps 52.123456, 181.000000; gps 0.0000, 0.0000"), []);
  });

  it("does not read a version, an address, a vector or round figures as a position", () => {
    assert.deepEqual(reported("gps module 1.2.3456, 7.8901; gps 10.0.0.1 1.2345"), []);
    assert.deepEqual(reported("gps vector 0.5000, 0.2500, 0.1250"), []);
    assert.deepEqual(reported("latitude 52.5, 13.4"), []);
  });
});
