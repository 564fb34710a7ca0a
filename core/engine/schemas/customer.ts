import { z } from 'zod';
import { coded, idOf, listOf, PagingQuery, resource, Timestamp } from './common.js';

const reference = () => z.string().min(1).max(200);

/** A customer of the integrator's business: its own reference, and the locations it owns. */
export const Customer = z
  .object({
    ...resource('customer', 'customer'),
    reference_id: z.string().nullable().meta({ description: 'Your own reference for the customer, or null.' }),
    locations: z.array(idOf('location')).meta({
      description: 'Ids of the locations whose customer_id names this customer, oldest first.',
    }),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof Customer>;

/**
 * How an object that is the integrator's reference and little else is written and listed: a
 * reference to create it with, a new one (or null) to change it, and a list filtered by it.
 */
function referenceWrites(name: 'Customer' | 'Device', plural: string, example: string) {
  return {
    create: z
      .strictObject({
        reference_id: reference()
          .optional()
          .meta({ description: `Your own reference, e.g. ${example}.` }),
      })
      .meta({ id: `${name}Create` }),
    update: z
      .strictObject({
        reference_id: reference().nullable().optional().meta({ description: 'null removes it.' }),
      })
      .meta({ id: `${name}Update` }),
    listQuery: z.strictObject({
      ...PagingQuery,
      reference_id: z
        .string()
        .max(200)
        .optional()
        .meta({ description: `Only ${plural} with this reference.` }),
    }),
  };
}

const customerWrites = referenceWrites('Customer', 'customers', 'an id from your system');
export const CustomerCreate = customerWrites.create;
export type CustomerCreate = z.infer<typeof CustomerCreate>;
export const CustomerUpdate = customerWrites.update;
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;
export const CustomerList = listOf(Customer, 'CustomerList');
export const CustomerListQuery = customerWrites.listQuery;

const EXTENSION =
  'Tariff Desk’s extension: a battery’s property, read by bills and battery schedules naming the device.';
const positiveOf = (code: string, unit: string) =>
  z
    .number()
    .refine(
      (v) => Number.isFinite(v) && v > 0 && v <= 100_000,
      coded(code, `must be above 0 and at most 100000 ${unit}`),
    );
/**
 * A device's battery properties, named as the vendor's next generation names them where it
 * does (capacity_kwh, the two power ratings) and ours otherwise (efficiency, reserve).
 */
const batteryFields = {
  capacity_kwh: positiveOf('capacity_kwh_invalid', 'kWh').meta({ description: `Usable energy, kWh. ${EXTENSION}` }),
  power_rating_import_kwh: positiveOf('power_rating_import_kwh_invalid', 'kW').meta({
    description: `The most it charges in an hour, kWh (kW). ${EXTENSION}`,
  }),
  power_rating_export_kwh: positiveOf('power_rating_export_kwh_invalid', 'kW').meta({
    description: `The most it discharges in an hour, kWh (kW). ${EXTENSION}`,
  }),
  round_trip_efficiency: z
    .number()
    .refine(
      (v) => Number.isFinite(v) && v > 0 && v <= 1,
      coded('round_trip_efficiency_invalid', 'must be above 0 and at most 1'),
    )
    .meta({ description: `0 < x ≤ 1. ${EXTENSION}` }),
  reserve_percent: z
    .number()
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100, coded('reserve_percent_invalid', 'must be from 0 to 100'))
    .meta({ description: `The state of charge kept back, percent. ${EXTENSION}` }),
};
type BatteryFieldName = keyof typeof batteryFields;
const optionalFields = <N extends boolean>(nullable: N) =>
  Object.fromEntries(
    Object.entries(batteryFields).map(([k, v]) => [k, nullable ? v.nullable().optional() : v.optional()]),
  ) as {
    [K in BatteryFieldName]: N extends true
      ? z.ZodOptional<z.ZodNullable<(typeof batteryFields)[K]>>
      : z.ZodOptional<(typeof batteryFields)[K]>;
  };

/** A device or other metered asset: meter records may name it, and its last_seen follows them. */
export const Device = z
  .object({
    ...resource('device', 'device'),
    reference_id: z.string().nullable().meta({ description: 'Your own reference for the device, or null.' }),
    last_seen: Timestamp.nullable().meta({
      description: 'When the newest accepted meter record naming the device arrived (service clock); null before.',
    }),
    time_created: Timestamp,
    account_id: idOf('account'),
    ...optionalFields(false),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof Device>;

const deviceWrites = referenceWrites('Device', 'devices', 'the device serial');
export const DeviceCreate = deviceWrites.create.extend(optionalFields(false)).meta({ id: 'DeviceCreate' });
export type DeviceCreate = z.infer<typeof DeviceCreate>;
export const DeviceUpdate = deviceWrites.update
  .extend(optionalFields(true))
  .meta({ id: 'DeviceUpdate', description: 'A battery property set to null is removed.' });
export type DeviceUpdate = z.infer<typeof DeviceUpdate>;
export const DEVICE_BATTERY_FIELDS = Object.keys(batteryFields) as BatteryFieldName[];

/** `PUT /devices/{id}/state` (names of the vendor's next generation). Tariff Desk's extension. */
export const DeviceStateWrite = z
  .strictObject({
    time: Timestamp.meta({ description: 'When the state was measured.' }),
    state_of_charge_percent: z
      .number()
      .refine(
        (v) => Number.isFinite(v) && v >= 0 && v <= 100,
        coded('state_of_charge_percent_invalid', 'must be a percentage from 0 to 100'),
      ),
    target_state_of_charge_percent: z
      .number()
      .refine(
        (v) => Number.isFinite(v) && v >= 0 && v <= 100,
        coded('target_state_of_charge_percent_invalid', 'must be a percentage from 0 to 100'),
      )
      .optional(),
    record_reference_id: z.string().min(1).max(200).optional(),
    energy_flow_direction: z.enum(['IMPORT', 'EXPORT']).optional(),
    battery_power_kw: z
      .number()
      .refine(
        (v) => Number.isFinite(v) && Math.abs(v) <= 100_000,
        coded('battery_power_kw_invalid', 'must be a kW figure'),
      )
      .optional(),
    energy_remaining_kwh: z
      .number()
      .refine(
        (v) => Number.isFinite(v) && v >= 0 && v <= 100_000,
        coded('energy_remaining_kwh_invalid', 'must be from 0 to 100000 kWh'),
      )
      .optional(),
    backup_reserve_percent: z
      .number()
      .refine(
        (v) => Number.isFinite(v) && v >= 0 && v <= 100,
        coded('backup_reserve_percent_invalid', 'must be a percentage from 0 to 100'),
      )
      .optional(),
  })
  .meta({ id: 'DeviceStateWrite' });
export type DeviceStateWrite = z.infer<typeof DeviceStateWrite>;

export const DeviceState = DeviceStateWrite.extend({
  id: idOf('deviceState', 'id').meta({ example: 'dsr_6a284b7596d3f2b722544e70' }),
  object: z.literal('device_state'),
  device_id: idOf('device'),
  account_id: idOf('account'),
  time_created: Timestamp,
})
  .strip()
  .meta({ id: 'DeviceState', description: 'A device’s reported state. Tariff Desk’s extension.' });
export type DeviceState = z.infer<typeof DeviceState>;
export const DeviceList = listOf(Device, 'DeviceList');
export const DeviceListQuery = deviceWrites.listQuery;
