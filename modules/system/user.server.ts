import { defineHooks, revokeUserSessions } from '@mes/engine-server';
import { user } from '@mes/model';

export const userHooks = defineHooks(user, {
  beforeSave(_ctx, data) {
    // accounts are typed at sign-in; one spelling avoids look-alike duplicates
    if (typeof data.User_Account === 'string') data.User_Account = data.User_Account.toLowerCase();
  },
  async afterSave(ctx, record, old) {
    // for good: enabling the account again does not bring its old sessions back
    if (record.Disabled && old && !old.Disabled) await revokeUserSessions(ctx.tx, record.User_ID as number);
  },
});
