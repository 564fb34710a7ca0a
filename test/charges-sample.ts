/**
 * A tariff's charges beside its energy schedule, with one of each: a daily and a monthly fixed
 * charge, a monthly minimum, flat demand by season with kW blocks, and time-of-use demand.
 */
export const SAMPLE_CHARGES = {
  fixed: [
    { amount: 0.6, per: 'DAY', name: 'Standing charge' },
    { amount: 12.5, per: 'MONTH', name: 'Meter charge' },
  ],
  minimum: { amount: 25, per: 'MONTH' },
  demand: {
    flat: [
      { months: ['June', 'July', 'August', 'September'], rate: [{ fixed: 8.5, to_kw: 50 }, { fixed: 7.25 }] },
      { rate: [{ fixed: 4.1 }] },
    ],
    periods: [
      { name: 'On-peak', rate: [{ fixed: 12.3 }] },
      { name: 'Mid-peak', rate: [{ fixed: 3.2, to_kw: 100 }, { fixed: 2.9 }] },
    ],
    schedule: [
      {
        months: ['All'],
        days_and_hours: [
          {
            days: ['Weekday'],
            hours: [
              { valid_from: '12:00:00', valid_to: '16:00:00', period: 'Mid-peak' },
              { valid_from: '16:00:00', valid_to: '21:00:00', period: 'On-peak' },
            ],
          },
        ],
      },
    ],
  },
};
