import { render } from "preact";

render(<p>Console</p>, document.getElementById("app")!);
