import { type CorpusFrame, traccar } from "./types.ts";

// OsmAnd / Traccar Client over HTTP: a query string (id or deviceid, lat and lon or location=lat,lon, timestamp as
// epoch seconds, epoch milliseconds or date text in UTC) or a JSON body ({ location: { timestamp, coords: {
// latitude, longitude, … } }, device_id }). A fix sent without a timestamp takes the time it is received. The
// expected values are the request's own fields, read by hand (epoch times converted independently); HTTP has no
// answer bytes (the listener answers 200). The source's request without an id is left out: it is refused.
const source = traccar("OsmAnd");

export const osmandCorpus: CorpusFrame[] = [
  {
    source,
    what: "Traccar Client (background geolocation) JSON: location object, device_id beside it",
    input:
      '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}',
    format: "request",
    expect: [
      {
        imei: "48241179",
        positions: [{ ts: "2025-06-15T13:45:12.862Z", lat: 37.4219983, lng: -122.084, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "JSON with extras of every type",
    input:
      '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{"device_string_test":"long_device_id","device_bool_test":true,"device_bool_false_test":false,"device_integer_test":1,"device_double_test":1.345,"device_very_long_double_test":1763636.3442},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}',
    format: "request",
    expect: [
      {
        imei: "48241179",
        positions: [{ ts: "2025-06-15T13:45:12.862Z", lat: 37.4219983, lng: -122.084, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "iOS JSON: unknown speed and heading (-1), a null floor, timestamp after the coordinates",
    input:
      '{"location":{"extras":{},"mock":true,"coords":{"speed_accuracy":-1,"speed":-1,"longitude":-122.406417,"ellipsoidal_altitude":0,"floor":null,"heading_accuracy":-1,"latitude":37.785834000000001,"accuracy":5,"altitude_accuracy":-1,"altitude":0,"heading":-1},"is_moving":false,"age":188,"odometer":0,"uuid":"2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8","event":"motionchange","battery":{"level":-1,"is_charging":false},"activity":{"type":"unknown","confidence":100},"timestamp":"2025-05-09T04:11:30.579Z"},"device_id":"658765"}',
    format: "request",
    expect: [
      {
        imei: "658765",
        positions: [{ ts: "2025-05-09T04:11:30.579Z", lat: 37.785834, lng: -122.406417, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "Android JSON, southern hemisphere, moving",
    input:
      '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"8737767034"}',
    format: "request",
    expect: [
      {
        imei: "8737767034",
        positions: [{ ts: "2021-07-21T08:06:34.444Z", lat: -6.1148096, lng: 106.6837015, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "query with cells and Wi-Fi access points, no coordinates: no position",
    input:
      "/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70",
    format: "request",
    expect: [{ imei: "123456", positions: [], ack: null }],
  },
  {
    source,
    what: "query with an ISO timestamp (URL-encoded colons)",
    input:
      "/?id=902064&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0",
    format: "request",
    expect: [
      {
        imei: "902064",
        positions: [{ ts: "2016-01-27T18:55:47.000Z", lat: 42.06288, lng: -88.23412, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "query with a timestamp in milliseconds",
    input: "/?id=902064&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0",
    format: "request",
    expect: [
      {
        imei: "902064",
        positions: [{ ts: "2015-09-12T14:38:06.579Z", lat: 42.06288, lng: -88.23412, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "query with a date and time separated by +, the id last",
    input:
      "/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=353861053849681",
    format: "request",
    expect: [
      {
        imei: "353861053849681",
        positions: [{ ts: "2014-06-04T09:10:11.000Z", lat: 49.60688, lng: 6.15788, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "query with a timestamp in seconds, bearing and hdop",
    input: "/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0",
    format: "request",
    expect: [
      {
        imei: "123456",
        positions: [{ ts: "2013-08-22T13:14:27.000Z", lat: 60, lng: 30, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "the shortest query",
    input: "/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0",
    format: "request",
    expect: [
      {
        imei: "123456",
        positions: [{ ts: "2013-08-22T13:14:27.000Z", lat: 60, lng: 30, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "query without a timestamp, deviceid instead of id: the reception time",
    input: "/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=123456",
    format: "request",
    expect: [{ imei: "123456", positions: [{ ts: "reception", lat: 60, lng: 30, valid: true }], ack: null }],
  },
  {
    source,
    what: "query without a timestamp, with a battery level",
    input: "/?id=861001000719969&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87",
    format: "request",
    expect: [
      {
        imei: "861001000719969",
        positions: [{ ts: "reception", lat: 41.666667, lng: -0.883333, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "old OsmAnd location=lat,lon",
    input: "/?id=123456&timestamp=1377177267&location=60.0,30.0",
    format: "request",
    expect: [
      {
        imei: "123456",
        positions: [{ ts: "2013-08-22T13:14:27.000Z", lat: 60, lng: 30, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "query with vehicle values (ignition, rpm, fuel)",
    input:
      "/?id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24",
    format: "request",
    expect: [
      {
        imei: "123456789012345",
        positions: [{ ts: "2017-09-07T05:56:50.000Z", lat: 40.7232948571, lng: -74.0061408571, valid: true }],
        ack: null,
      },
    ],
  },
];
