import java.lang.reflect.Field;

/**
 * DynamoDB Local on the loopback interface only. DynamoDB Local has no option for the address
 * it listens on (its Jetty server binds every interface), so this launcher builds the server
 * from the usual command-line arguments with DynamoDB Local's own embedding entry point, sets
 * the connector's host to 127.0.0.1, then starts it. infra/local/dynamodb.ts compiles it once.
 */
public class LoopbackDynamo {
  public static void main(String[] args) throws Exception {
    Object proxy = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner")
        .getMethod("createServerFromCommandLineArgs", String[].class)
        .invoke(null, (Object) args);
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object server = field.get(proxy);
    for (Object connector : (Object[]) server.getClass().getMethod("getConnectors").invoke(server)) {
      connector.getClass().getMethod("setHost", String.class).invoke(connector, "127.0.0.1");
    }
    proxy.getClass().getMethod("start").invoke(proxy);
  }
}
