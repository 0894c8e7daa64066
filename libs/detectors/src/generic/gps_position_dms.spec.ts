import assert from "node:assert/strict";
import { gpsPositionDms } from "./gps_position_dms.ts";
import { run } from "../testing.ts";

const reported = (text: string) => run(gpsPositionDms, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("generic/gps_position_dms", () => {
  it("reports a position in degrees, minutes and seconds with its hemispheres, as maps and photo details write it", () => {
    assert.deepEqual(reported(`Met at 40°44'55"N 73°59'11"W on Friday`), [`40°44'55"N 73°59'11"W`]);
    assert.deepEqual(reported("Standort: 52° 31′ 12,0″ N, 13° 24′ 17,8″ E"), ["52° 31′ 12,0″ N, 13° 24′ 17,8″ E"]);
    const [f] = run(gpsPositionDms, `33°51'54"S 151°12'34"E`);
    assert.deepEqual([f!.validation, f!.score < 0.8], ["lat/lon range", true], "validated, but below the floor: a place alone names no one");
  });

  it("does not report one out of range, a half alone, or angles without hemispheres", () => {
    assert.deepEqual(reported(`95°10'00"N 13°24'17"E; 52°31'75"N 13°24'17"E; 52°31'12"N 181°00'00"W`), []);
    assert.deepEqual(reported(`latitude 52°31'12"N only`), []);
    assert.deepEqual(reported(`rotate 45°30'10" then 12°10'05"`), []);
  });
});
