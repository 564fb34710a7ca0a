import type { Schedule } from '../../engine/schemas/schedule.js';

const weekdayPeak = (base: number, peak: number, from: string, to: string): Schedule => [
  {
    months: ['All'],
    days_and_hours: [
      {
        days: ['Weekdays'],
        hours: [
          { valid_from: '00:00:00', valid_to: from, rate: [{ fixed: base }] },
          { valid_from: from, valid_to: to, rate: [{ fixed: peak }] },
          { valid_from: to, valid_to: '00:00:00', rate: [{ fixed: base }] },
        ],
      },
      { days: ['Weekend'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: base }] }] },
    ],
  },
];
const flat = (v: number): Schedule => [
  {
    months: ['All'],
    days_and_hours: [
      { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: v }] }] },
    ],
  },
];

/** Fictional grid operators for the demo countries. */
export const seedGridFees = [
  {
    id: 'grf_spreenetzberlin',
    country_code: 'DE',
    post_code_prefix: '1',
    grid_operator: 'Spreenetz Berlin',
    display_name: 'Netzentgelt Spreenetz (Modul 3)',
    schedule: weekdayPeak(0.0612, 0.1354, '17:00:00', '20:00:00'),
  },
  {
    id: 'grf_isarnetz',
    country_code: 'DE',
    post_code_prefix: '8',
    grid_operator: 'Isarnetz',
    display_name: 'Isarnetz Netzentgelt',
    schedule: flat(0.0891),
  },
  {
    id: 'grf_denetzallgemein',
    country_code: 'DE',
    post_code_prefix: '',
    grid_operator: 'Deutsche Verteilnetz',
    display_name: 'Allgemeines Netzentgelt',
    schedule: flat(0.0955),
  },
  {
    id: 'grf_sydneywires',
    country_code: 'AU',
    post_code_prefix: '2',
    grid_operator: 'Sydney Wires',
    display_name: 'EA116 time of use network',
    schedule: weekdayPeak(0.041, 0.182, '15:00:00', '21:00:00'),
  },
  {
    id: 'grf_oslonett',
    country_code: 'NO',
    post_code_prefix: '0',
    grid_operator: 'Oslo Nett',
    display_name: 'Nettleie dag/natt',
    schedule: weekdayPeak(0.32, 0.45, '06:00:00', '22:00:00'),
  },
];
