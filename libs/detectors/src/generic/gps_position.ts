import type { Detector } from "../core/types.ts";

/**
 * A position in decimal degrees, latitude then longitude, each with four decimals or more (11 m
 * or finer: a phone's fix, not a map's round figure): "52.520008, 13.404954", "-33.8688 151.2093".
 * Not glued to other digits or dots (a version, an IP address), nor a number before or after
 * it (a vector's or a table row's).
 */
const PAIR = /(?<![\d.])(?<!\d(?:,[ \t]?|[ \t]))-?\d{1,2}\.\d{4,}(?:,[ \t]?|[ \t]+)-?\d{1,3}\.\d{4,}(?![\d.]|,?[ \t]?-?\d)/g;

/** Below the count: a position alone is a place, and a place alone names no one (classify's QUASI_IDENTIFIERS). */
const BASE = 0.3;

/**
 * A GPS position: the place a photo was taken (its EXIF GPS block, which extraction reads as
 * `property:gps position`), a field report's or a tracking log's fix. A pair of decimals is
 * everywhere (amounts, measurements, coordinates of a drawing), so one is reported only beside
 * a word that says it is a position on Earth ("gps", "coordinates", "latitude", …) and when
 * each half is in range (latitude within ±90°, longitude within ±180°, not 0, 0). Reported as a
 * LOCATION: like a place's name, it identifies someone only with someone named beside it.
 */
export const gpsPosition: Detector = {
  id: "gps_position",
  type: "LOCATION",
  area: "generic",
  category: "location",
  description: "GPS position in decimal degrees, by context",
  patterns: [{ name: "latitude, longitude", regex: PAIR, score: BASE }],
  context: ["gps", "gps position", "coordinates", "coordinate", "geo", "geolocation", "geotag", "latitude", "longitude", "lat", "lon", "lng", "lat/lon", "latlong"],
  maxBaseScore: BASE,
  prefilter: { minDigits: 10, anyChar: "." },
  validate(value) {
    const [lat, lon] = value.split(/[,\s]+/).map(Number) as [number, number];
    if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180) || (lat === 0 && lon === 0)) return false;
    return { validation: "lat/lon range" };
  },
};
