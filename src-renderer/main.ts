import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter } from './router';
import { useNoticesStore } from './stores/notices';
import './styles/base.css';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia).use(createAppRouter());

// Anything thrown and not handled by a page still reaches the person, with its class and code.
const notices = useNoticesStore(pinia);
app.config.errorHandler = (error) => notices.pushError(error);
window.addEventListener('unhandledrejection', (event) => notices.pushError(event.reason));

app.mount('#app');
