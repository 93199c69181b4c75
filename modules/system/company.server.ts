import { AppError, defineHooks } from '@mes/engine-server';
import { sql } from 'kysely';
import { company } from './company.entity';

export const companyHooks = defineHooks(company, {
  async validate(ctx, _data, old) {
    if (old) return;
    const { rows } = await sql`SELECT 1 FROM company LIMIT 1`.execute(ctx.tx);
    if (rows.length) throw new AppError('company_single');
  },
});
