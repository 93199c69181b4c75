import { defineHooks } from '@mes/engine-server';
import { user } from '@mes/model';

export const userHooks = defineHooks(user, {
  beforeSave(_ctx, data) {
    // accounts are typed at sign-in; one spelling avoids look-alike duplicates
    if (typeof data.User_Account === 'string') data.User_Account = data.User_Account.toLowerCase();
  },
});
