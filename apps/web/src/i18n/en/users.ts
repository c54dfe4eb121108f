/** The admins' users page: the table and role changes. */
export default {
  'role.candidate': 'Candidate',
  'role.editor': 'Editor',
  'role.admin': 'Admin',

  'users.intro': 'Every account, with its role. Editors write content; admins also run the site.',
  'users.loading': 'Loading users…',
  'users.fetchFailed': 'Failed to fetch users',
  'users.search': 'Search by name or email',
  'users.roleFilter': 'Role',
  'users.allRoles': 'All roles',
  'users.count': 'Users found: {count}',
  'users.none': 'No user matches.',
  'users.role': 'Role',
  'users.joined': 'Joined {date}',
  'users.profileComplete': 'profile complete',
  'users.profileIncomplete': 'profile incomplete',
  'users.selfRole': 'Another admin can change your role.',
  'users.roleChanged': '{name} is now {role}.',
  'users.roleFailed': 'Could not change the role. Please try again.',
} as const;
