import { z } from 'zod';
import { coded } from '../../schemas/common.js';
import { STRUCTURES, Structure, obj } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** How a typed-in tariff is priced. */
export const tariffStructureSelect = defineRoute({
  name: 'tariff_structure_select',
  actions: ['BACK', 'CLOSE'],
  data: pageData({ options: z.array(Structure) }),
  submit: obj({
    options: z
      .array(
        z.enum(STRUCTURES, coded('option_invalid', `must be one of ${STRUCTURES.join(', ')}`)),
        coded('option_invalid', 'choose one option'),
      )
      .length(1),
  }),
  errors: { option_invalid: 'options', data_json_invalid: 'form' },
});
