import { z } from 'zod';
import { contracts } from '../contract.js';
import { Accepted } from '../../wire-profile.js';
import { idOf } from '../../schemas/common.js';
import {
  ZeroTariffElement,
  ZeroTariffElementCreate,
  ZeroTariffElementList,
  ZeroTariffElementListQuery,
  ZeroTariffElementUpdate,
} from '../../zero/tariff-element.js';

const ById = z.object({ id: idOf('tariff') });

/** Zero's tariff elements: the tariffs Anode serves at `/tariffs`, under Zero's paths and names. */
export const zeroTariffElementContracts = contracts({
  'zero.tariffElements.create': {
    method: 'POST',
    path: '/tariffs/elements',
    summary: 'Create a tariff element (connection_type MANUAL)',
    tag: 'Tariffs',
    body: ZeroTariffElementCreate,
    response: ZeroTariffElement,
  },
  'zero.tariffElements.list': {
    method: 'GET',
    path: '/tariffs/elements',
    summary: 'List the tariff elements of a location, newest first',
    tag: 'Tariffs',
    query: ZeroTariffElementListQuery,
    response: ZeroTariffElementList,
  },
  'zero.tariffElements.retrieve': {
    method: 'GET',
    path: '/tariffs/elements/:id',
    summary: 'Retrieve a tariff element',
    tag: 'Tariffs',
    params: ById,
    response: ZeroTariffElement,
  },
  'zero.tariffElements.update': {
    method: 'PATCH',
    path: '/tariffs/elements/:id',
    summary: 'Update a tariff element (data is the schedule)',
    tag: 'Tariffs',
    params: ById,
    body: ZeroTariffElementUpdate,
    response: ZeroTariffElement,
  },
  'zero.tariffElements.delete': {
    method: 'DELETE',
    path: '/tariffs/elements/:id',
    summary: "Delete a tariff element; it leaves its location's tariff_elements",
    tag: 'Tariffs',
    params: ById,
    status: 202,
    response: Accepted,
  },
});
