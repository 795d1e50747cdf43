/** The partner module's public face: its service and what it adds to profiles and Pin views. */
export { profileExtras, recordPinView } from './profile-extras';
