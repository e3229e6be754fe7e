// Reads seeded memory in both forms, counts up, and checks that removal reports what it did.
const name = omw.host.memoryGet('name');
const profile = omw.host.memoryGetAs('profile');
const counter = omw.host.memoryGetAs('counter') + 1;
omw.host.memorySetAs('counter', counter);
if (omw.host.memoryGet('counter') !== '42') throw new Error('memorySetAs should store JSON text');
if (!omw.host.memoryRemove('name') || omw.host.memoryGet('name') !== undefined) throw new Error('remove failed');
`${name}, ${profile.age}, ${profile.languages.join('+')}, counter ${counter}`;
