export default function AdminRoutes() {
  return <main><h1>Admin Portal</h1></main>;
}
