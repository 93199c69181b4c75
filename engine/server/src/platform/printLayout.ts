import { printLayout } from '@mes/model';
import { AppError } from '../errors';
import { defineHooks } from '../hooks';

/**
 * A layout names a printable entity by its wire name or its label in either language (an
 * administrator types 库存单据, the print looks up StockDoc); anything else is refused.
 */
export const printLayoutHooks = defineHooks(printLayout, {
  validate(ctx, data) {
    const given = data.Entity_Name;
    if (typeof given !== 'string') return;
    const name = given.trim();
    const def = ctx.registry
      .all()
      .find(
        (d) =>
          d.features.print &&
          (d.name === name || d.label.zh === name || d.label.en.toLowerCase() === name.toLowerCase()),
      );
    if (!def) throw new AppError('print_layout_entity', { name }).at('Entity_Name');
    data.Entity_Name = def.name;
  },
});
