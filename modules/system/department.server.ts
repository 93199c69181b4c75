import { AppError, defineHooks } from '@mes/engine-server';
import { sql } from 'kysely';
import { department } from './department.entity';

export const departmentHooks = defineHooks(department, {
  async validate(ctx, data, old) {
    if (data.Supervisor_ID) {
      const { rows } = await sql<{ u_type: number; disabled: boolean }>`
        SELECT u_type, disabled FROM users WHERE id = ${data.Supervisor_ID}`.execute(ctx.tx);
      if (rows[0] && (rows[0].u_type !== 1 || rows[0].disabled))
        throw new AppError('validation', {
          field: department.fields.Supervisor_ID.label,
          reason: { zh: '必须是在用的员工账号', en: 'must be an active staff account' },
        });
    }
    // a department cannot be switched off while active departments still hang below it
    if (old && data.Disabled === true && !old.Disabled) {
      const { rows } =
        await sql`SELECT 1 FROM department WHERE parent_id = ${old.Dept_ID} AND NOT disabled LIMIT 1`.execute(
          ctx.tx,
        );
      if (rows.length)
        throw new AppError('validation', {
          field: department.fields.Disabled.label,
          reason: { zh: '请先停用下级部门', en: 'disable its sub-departments first' },
        });
    }
  },
});
