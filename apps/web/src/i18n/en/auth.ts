/**
 * Signing in, registering, resetting a password, and the password and sign-out cards on the profile.
 */
export default {
  'form.showPassword': 'Show password',

  'auth.field.name': 'Full name',
  'auth.field.email': 'Email',
  'auth.field.password': 'Password',
  'auth.field.currentPassword': 'Current password',
  'auth.field.newPassword': 'New password',
  'auth.field.newPasswordHint': 'At least {min} characters.',

  'auth.login.title': 'Sign in',
  'auth.login.intro': 'Welcome back. Pick up your practice where you left off.',
  'auth.login.submit': 'Sign in',
  'auth.login.noAccount': 'New to Abhyas?',
  'auth.login.toRegister': 'Create an account',

  'auth.register.title': 'Create your account',
  'auth.register.intro': 'Free to join. Start practising in under a minute.',
  'auth.register.submit': 'Create account',
  'auth.register.haveAccount': 'Already have an account?',
  'auth.register.toLogin': 'Sign in',

  'auth.login.forgot': 'Forgot password?',
  'auth.forgot.title': 'Reset your password',
  'auth.forgot.intro': 'Enter the email address of your account and we will send you a link to choose a new password.',
  'auth.forgot.submit': 'Send reset link',
  'auth.forgot.sentTitle': 'Check your email',
  'auth.forgot.sent':
    'If an account uses {email}, a link to reset its password is on its way. The link works once, for {minutes} minutes. If nothing arrives within a few minutes, look in your spam folder or ask again.',
  'auth.forgot.remembered': 'Remembered it?',
  'auth.forgot.toLogin': 'Sign in',
  'auth.reset.title': 'Choose a new password',
  'auth.reset.intro': 'Setting a new password signs you out on every device.',
  'auth.reset.confirm': 'Confirm new password',
  'auth.reset.mismatch': 'The two passwords do not match',
  'auth.reset.submit': 'Set new password',
  'auth.reset.invalidTitle': 'This link no longer works',
  'auth.reset.invalid': 'A link to reset your password works once, for {minutes} minutes, and only the newest one counts. Ask for a new link.',
  'auth.reset.incompleteTitle': 'This link is incomplete',
  'auth.reset.incomplete': 'Open the link again from the email, copying all of it, or ask for a new one.',
  'auth.reset.askAgain': 'Ask for a new link',

  'auth.changePassword.title': 'Change password',
  'auth.changePassword.intro': 'Changing your password signs you out on your other devices.',
  'auth.changePassword.submit': 'Change password',

  'auth.signOut.title': 'Sign out',
  'auth.signOut.intro': 'Signing out ends your session on all your devices.',

  'toast.signedIn': 'Signed in. Welcome back!',
  'toast.registered': 'Account created. Welcome to Abhyas!',
  'toast.passwordChanged': 'Password changed. Your other devices have been signed out.',
  'toast.passwordReset': 'Password changed. Sign in with your new password.',
} as const;
