/** The desk's stylesheets: icons, fonts and Vuetify's own, loaded with the page's first script (boot.ts). */
import '@mdi/font/css/materialdesignicons.css';
// Only the weights the screens use (regular, medium, bold) and the scripts of names written in
// Latin letters, accents and Vietnamese diacritics included; any other script falls back to a system font.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-ext-500.css';
import '@fontsource/roboto/latin-ext-700.css';
import '@fontsource/roboto/vietnamese-400.css';
import '@fontsource/roboto/vietnamese-500.css';
import '@fontsource/roboto/vietnamese-700.css';
import 'vuetify/styles';
