import type { Words } from '../catalogues';

/** The admins' users page: the table and role changes. */
export default {
  'role.candidate': 'उम्मीदवार',
  'role.editor': 'संपादक',
  'role.admin': 'एडमिन',

  'users.intro': 'सभी खाते, उनकी भूमिका के साथ। संपादक सामग्री लिखते हैं; एडमिन साइट का संचालन भी करते हैं।',
  'users.loading': 'उपयोगकर्ता लोड हो रहे हैं…',
  'users.fetchFailed': 'Failed to fetch users',
  'users.search': 'नाम या ईमेल से खोजें',
  'users.roleFilter': 'भूमिका',
  'users.allRoles': 'सभी भूमिकाएँ',
  'users.count': 'मिले उपयोगकर्ता: {count}',
  'users.none': 'कोई उपयोगकर्ता नहीं मिला।',
  'users.role': 'भूमिका',
  'users.joined': '{date} को जुड़े',
  'users.profileComplete': 'प्रोफ़ाइल पूरी',
  'users.profileIncomplete': 'प्रोफ़ाइल अधूरी',
  'users.selfRole': 'आपकी भूमिका कोई दूसरा एडमिन ही बदल सकता है।',
  'users.roleChanged': '{name} अब {role} हैं।',
  'users.roleFailed': 'भूमिका नहीं बदली जा सकी। कृपया फिर से प्रयास करें।',
} as const satisfies Words<'users'>;
