import { z } from 'zod';
import { idOf, listOf, PagingQuery, resource, Timestamp } from './common.js';

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
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof Device>;

const deviceWrites = referenceWrites('Device', 'devices', 'the device serial');
export const DeviceCreate = deviceWrites.create;
export type DeviceCreate = z.infer<typeof DeviceCreate>;
export const DeviceUpdate = deviceWrites.update;
export type DeviceUpdate = z.infer<typeof DeviceUpdate>;
export const DeviceList = listOf(Device, 'DeviceList');
export const DeviceListQuery = deviceWrites.listQuery;
