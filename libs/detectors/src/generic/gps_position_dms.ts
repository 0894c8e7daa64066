import type { Detector } from "../core/types.ts";

/** One half of a position in degrees, minutes and seconds with its hemisphere: 40°44'55"N, 73° 59′ 11.2″ W. */
const HALF = (hemispheres: string) => String.raw`\d{1,3}°[ \t]?\d{1,2}['′’][ \t]?\d{1,2}(?:[.,]\d+)?(?:"|″|''|”)[ \t]?[${hemispheres}]`;
const PAIR = new RegExp(String.raw`(?<![\d.])${HALF("NS")}(?:,[ \t]?|[ \t]+)${HALF("EW")}(?![A-Za-z0-9])`, "g");

const NUMBERS = /\d+(?:[.,]\d+)?/g;

/**
 * A position in degrees, minutes and seconds, latitude then longitude, each with its hemisphere:
 * `40°44'55"N 73°59'11"W`, as maps, Wikipedia and a phone's photo details write one. Unlike a
 * pair of decimals (`gps_position.ts`), the degree marks and the hemispheres say what it is, so
 * no context word is needed. Each part in range (latitude up to 90°, longitude up to 180°,
 * minutes and seconds under 60). Reported as a LOCATION below the floor: like a place's name, a
 * position identifies someone only with someone named beside it.
 */
export const gpsPositionDms: Detector = {
  id: "gps_position_dms",
  type: "LOCATION",
  area: "generic",
  category: "location",
  description: "GPS position in degrees, minutes and seconds with hemispheres",
  patterns: [{ name: "latitude longitude (DMS)", regex: PAIR, score: 0.6 }],
  context: ["gps", "coordinates", "position", "location", "latitude", "longitude"],
  prefilter: { anyChar: "°", minDigits: 6 },
  validate(value) {
    const [latD, latM, latS, lonD, lonM, lonS] = (value.match(NUMBERS) ?? []).map((n) => Number(n.replace(",", "."))) as number[];
    const ok = (d: number | undefined, m: number | undefined, s: number | undefined, max: number) => d !== undefined && m !== undefined && s !== undefined && m < 60 && s < 60 && d + m / 60 + s / 3600 <= max;
    return ok(latD, latM, latS, 90) && ok(lonD, lonM, lonS, 180) ? { validation: "lat/lon range" } : false;
  },
};
